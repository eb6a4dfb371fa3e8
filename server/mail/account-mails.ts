import type { Brand } from '../../contract/brands.ts';
import type { Mail } from './mail-sender.ts';

// The two mails of account security, in the brand's language (SPEC §9: pt on the Portuguese host, en on the English).

export function passwordResetMail(to: string, link: string, brand: Brand): Mail {
  if (brand.locale === 'en') {
    return {
      to,
      subject: `${brand.name}: reset your password`,
      text: [
        'Someone asked to reset the password of your account.',
        '',
        `To choose a new password, open this link within one hour: ${link}`,
        '',
        'The link works once. If it was not you, ignore this mail: your password stays the same.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${brand.name}: recuperar a palavra passe`,
    text: [
      'Pediram para recuperar a palavra passe da tua conta.',
      '',
      `Para escolheres uma nova palavra passe, abre esta ligação dentro de uma hora: ${link}`,
      '',
      'A ligação só funciona uma vez. Se não foste tu, ignora este e-mail: a tua palavra passe não muda.',
    ].join('\n'),
  };
}

export function verificationMail(to: string, link: string, brand: Brand): Mail {
  if (brand.locale === 'en') {
    return {
      to,
      subject: `${brand.name}: confirm your e-mail`,
      text: [
        `Welcome to ${brand.name}.`,
        '',
        `Confirm that this e-mail is yours by opening this link within 24 hours: ${link}`,
        '',
        'If you did not create an account, ignore this mail.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${brand.name}: confirma o teu e-mail`,
    text: [
      `Bem-vindo ao ${brand.name}.`,
      '',
      `Confirma que este e-mail é teu abrindo esta ligação dentro de 24 horas: ${link}`,
      '',
      'Se não criaste uma conta, ignora este e-mail.',
    ].join('\n'),
  };
}

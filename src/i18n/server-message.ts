import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { MSG, type MessageKey } from '../../contract/messages.ts';

// SPEC §9: server messages are translated through a lookup keyed by the lowercase text with spaces replaced by
// underscores, falling back to the original text. The Record type makes every contract message need an entry;
// tests/unit/src/server-message.test.ts checks each entry's pt text equals the contract's.
export const SERVER_MESSAGES: Record<MessageKey, MessageDescriptor> = {
  generic: msg`Não foi possivel completar esta acção`,
  network: msg`Talvez tenha um problema na sua conexão`,
  loginIdentifier: msg`Verifica os detalhes que usaste, adicione o teu e-mail ou nome de usuario`,
  loginPassword: msg`Verifica a tua palavra passe`,
  loginFailed: msg`Não foi possivel iniciar sessão`,
  photoTooLarge: msg`Usa uma fotografia mais leve`,
  passwordMismatch: msg`A palavra passe é diferente da sua confirmação`,
  forgotIdentifier: msg`Adicione o seu e-mail ou nome de usuario`,
  forgotFailed: msg`Não foi possivel enviar o e-mail de recuperação`,
  signUpFailed: msg`Não foi possivel criar conta`,
  imageProblem: msg`Problema com a imagem`,
  signUpSuccess: msg`Conta criada com sucesso`,
  signInSuccess: msg`Sessão iniciada`,
  signOutOffline: msg`Sem rede`,
  maintenance: msg`Em manutenção`,
  nameLength: msg`Verifica o teu nome, usa entre 3 e 50 caracteres`,
  usernameLength: msg`Verifica o teu nome de usuario, usa entre 3 e 20 caracteres`,
  usernameTaken: msg`Este nome de usuario já está a ser usado`,
  emailInvalid: msg`Verifica o teu e-mail, usa até 70 caracteres`,
  emailTaken: msg`Este e-mail já está a ser usado`,
  phoneInvalid: msg`Verifica o teu número de telemóvel, usa 9 dígitos (ex: 923000000)`,
  recoverySent: msg`Enviámos as instruções de recuperação para o teu e-mail`,
  unauthenticated: msg`Inicie sessão para continuar`,
  forbidden: msg`Não tens permissão para esta acção`,
  notFound: msg`Não encontrado`,
  invalidRequest: msg`Pedido inválido`,
};

export function messageKey(text: string): string {
  return text.toLowerCase().replace(/ /g, '_');
}

const LOOKUP = new Map<string, MessageDescriptor>(
  (Object.keys(MSG) as MessageKey[]).map((key) => [messageKey(MSG[key]), SERVER_MESSAGES[key]]),
);

export function translateServerMessage(text: string): string {
  const entry = LOOKUP.get(messageKey(text));
  return entry ? i18n._(entry) : text;
}

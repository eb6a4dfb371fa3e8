// The spec's Portuguese messages (SPEC §5, §8). The server answers with these; the app translates them through
// the lookup of SPEC §9 (src/i18n/server-message.ts), so every entry here has an en translation there.
export const MSG = {
  generic: 'Não foi possivel completar esta acção',
  network: 'Talvez tenha um problema na sua conexão',
  loginIdentifier: 'Verifica os detalhes que usaste, adicione o teu e-mail ou nome de usuario',
  loginPassword: 'Verifica a tua palavra passe',
  loginFailed: 'Não foi possivel iniciar sessão',
  photoTooLarge: 'Usa uma fotografia mais leve',
  passwordMismatch: 'A palavra passe é diferente da sua confirmação',
  forgotIdentifier: 'Adicione o seu e-mail ou nome de usuario',
  forgotFailed: 'Não foi possivel enviar o e-mail de recuperação',
  signUpFailed: 'Não foi possivel criar conta',
  imageProblem: 'Problema com a imagem',
  signUpSuccess: 'Conta criada com sucesso',
  signInSuccess: 'Sessão iniciada',
  signOutOffline: 'Sem rede',
  maintenance: 'Em manutenção',
  // Not worded by the spec; written in its style (docs/decisions.md, "Messages the spec does not word").
  nameLength: 'Verifica o teu nome, usa entre 3 e 50 caracteres',
  usernameLength: 'Verifica o teu nome de usuario, usa entre 3 e 20 caracteres',
  usernameTaken: 'Este nome de usuario já está a ser usado',
  emailInvalid: 'Verifica o teu e-mail, usa até 70 caracteres',
  emailTaken: 'Este e-mail já está a ser usado',
  phoneInvalid: 'Verifica o teu número de telemóvel, usa 9 dígitos (ex: 923000000)',
  recoverySent: 'Enviámos as instruções de recuperação para o teu e-mail',
  unauthenticated: 'Inicie sessão para continuar',
  forbidden: 'Não tens permissão para esta acção',
  notFound: 'Não encontrado',
  invalidRequest: 'Pedido inválido',
} as const;

export type MessageKey = keyof typeof MSG;

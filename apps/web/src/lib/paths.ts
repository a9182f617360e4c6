export const paths = {
  home: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  checkEmail: '/check-email',
  verify: '/verify',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setup: '/setup',
  design: '/design',
} as const;

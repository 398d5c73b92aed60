export const paths = {
  landing: '/',
  waitlist: '/waitlist',
} as const;

export const paths = {
  admin: '/admin',
} as const;

// Stands in for '@/lib/services' in component tests: vi.mock('@/lib/services', () => import('@/testing/services')).
// The mocked data-access calls receive `services`, so a test can check what they were called with.

export const services = { tag: 'services' };

export function adminServices() {
  return services;
}

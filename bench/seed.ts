// The benchmarks' accounts: one organization and `count` members who sign in with a password alone.
export const BENCH_PASSWORD = 'Bench#Pass1234';
export const benchEmail = (index: number) => `user${index}@bench.test`;

export function benchSeed(count: number) {
  return {
    organizations: [{ orgId: 'bench', company: 'Bench Works', plan: { hrms: true, chat: true, pms: true } }],
    users: Array.from({ length: count }, (_, index) => ({
      email: benchEmail(index),
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: `User ${index}`,
      memberships: [{ orgId: 'bench', role: 'member', productAccess: ['hrms', 'chat'] }],
    })),
  };
}

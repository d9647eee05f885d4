export * from './auth';
export * from './user';
export * from './ids';
export * from './workouts';
export * from './challenges';
export * from './community';
export * from './trainers';
export * from './bookings';
export * from './messages';
export * from './feedback';
export * from './exercises';
// Server-side only contracts (trainer read responses, partners, rollouts): ./server.ts.

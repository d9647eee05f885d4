export * from './auth';
export * from './user';
export * from './ids';
export * from './workouts';
export * from './training';
export * from './challenges';
export * from './community';
export * from './activity';
export * from './trainers';
export * from './bookings';
export * from './messages';
export * from './feedback';
export * from './exercises';
export * from './notifications';
// Server-side only contracts (trainer read responses, partners, rollouts): ./server.ts.

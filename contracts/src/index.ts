export * from './auth';
export * from './user';
export * from './ids';
export * from './workouts';
export * from './challenges';
export * from './community';
export * from './trainers';
export * from './exercises';

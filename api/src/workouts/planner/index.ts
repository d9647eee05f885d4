export { planWorkout, buildPlan, summarise, plural, mainCandidates, matchesFocus, isAllowed, equipmentSet, FOCUS_FALLBACK, MIN_FOCUS_POOL } from './planner';
export type { PlanResult, PlanPick } from './planner';
export { CATALOGUE, CATALOGUE_BY_ID } from './catalogue';
export { prescribe, primaryGoal, GOAL_PRIORITY, MAX_REST_SHARE } from './guidelines';
export type { Prescription } from './guidelines';
export { daySeed, hashString, mulberry32 } from './rng';
export * from './types';

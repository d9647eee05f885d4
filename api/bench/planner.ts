/**
 * Planner benchmark: median (and p95) time per plan over many random valid requests.
 *   npx tsx api/bench/planner.ts [plans=5000]
 */
import { performance } from 'node:perf_hooks';
import { EQUIPMENT_OPTIONS, FITNESS_LEVELS, FOCUS_AREAS, GENDERS, GOAL_OPTIONS, INJURY_OPTIONS, type WorkoutRequest } from '@fitconnect/contracts';
import { buildPlan, mulberry32 } from '../src/workouts/planner';

const plans = Number(process.argv[2] ?? 5000);
const rand = mulberry32(20260101);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
const some = <T>(xs: readonly T[], min: number) => {
  const out = xs.filter(() => rand() < 0.3);
  while (out.length < min) out.push(pick(xs));
  return [...new Set(out)];
};

function randomRequest(): WorkoutRequest {
  return {
    age: 13 + Math.floor(rand() * 88),
    gender: pick(GENDERS),
    fitnessLevel: pick(FITNESS_LEVELS),
    focusArea: pick(FOCUS_AREAS),
    duration: 10 + Math.floor(rand() * 111),
    equipment: some(EQUIPMENT_OPTIONS, 1),
    goals: some(GOAL_OPTIONS, 1),
    injuries: some(INJURY_OPTIONS, 0),
  };
}

const requests = Array.from({ length: plans }, randomRequest);
for (let i = 0; i < 200; i++) buildPlan(requests[i % requests.length], i); // warm up the JIT

const times: number[] = [];
for (let i = 0; i < requests.length; i++) {
  const t0 = performance.now();
  buildPlan(requests[i], i * 7919);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(`planner: ${plans} plans, median ${q(0.5).toFixed(3)} ms, p95 ${q(0.95).toFixed(3)} ms, max ${times[times.length - 1].toFixed(3)} ms per plan`);

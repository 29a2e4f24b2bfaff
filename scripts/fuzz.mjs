// `npm run fuzz`: the property specs (spec/**/*.fuzz.spec.ts) with a random seed and many runs, in Node.
//
//   npm run fuzz                         a random seed, 50 times the runs of `npm test`
//   npm run fuzz -- --seed 123 --runs 10000   replay a seed (the runs scale every property: 100 = as in npm test)
//   npm run fuzz -- --filter "<spec name>"    only the matching specs
//
// A failing property prints its counterexample, shrunk, and the seed to replay it with.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const argv = process.argv.slice(2);
const option = (name) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < argv.length ? argv[at + 1] : undefined;
};
const seed = Number(option('seed') ?? randomInt(2 ** 31 - 1));
const runs = Number(option('runs') ?? 5000);
const filter = option('filter');
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(runs) || runs < 1) {
  console.error('usage: npm run fuzz -- [--seed <integer>] [--runs <integer>] [--filter <spec name>]');
  process.exit(2);
}
console.log(`fuzz: seed ${seed}, runs ${runs} (npm test runs 100); replay with: npm run fuzz -- --seed ${seed} --runs ${runs}`);
const args = ['jasmine', '--config=spec/support/jasmine.json', 'spec/**/*.fuzz.spec.ts', ...(filter ? [`--filter=${filter}`] : [])];
const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: String(seed), FUZZ_RUNS: String(runs) } });
console.log(`fuzz: seed ${seed}, runs ${runs}: ${result.status === 0 ? 'passed' : 'FAILED'}`);
process.exit(result.status ?? 1);

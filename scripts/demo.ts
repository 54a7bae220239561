/**
 * `npm run demo`: starts the emulator and a fake GitHub API, then runs the bundled action as
 * GitHub's runner would, through the workflows of examples/workflows (deploy; scheduled purge;
 * promotion: copy, deploy to production, purge; a pull request's preview: deploy `pr-1` with a
 * comment, then delete it on close; deploy-with-rollback: a healthy deploy kept, a broken one
 * rolled back to it), and prints what each run wrote as outputs, job summary and pull request
 * comment. The kept archive goes through the toolkit's artifact client to a stand-in of the
 * runner's results service and Azurite (test/helpers/artifact-service.ts). Stops every server at
 * the end.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../emulator/index.js';
import {
  listedAsGithubWould,
  runtimeEnv,
  startAzurite,
  startResultsService,
} from '../test/helpers/artifact-service.js';
import { startFakeGithub } from './fake-github.js';
import { runAction, type RunResult } from './runner.js';

const workspace = fileURLToPath(new URL('..', import.meta.url));

function show(title: string, r: RunResult): void {
  console.log(`\n---- outputs (${title}) ----`);
  for (const [k, v] of Object.entries(r.outputs)) console.log(`${k}=${v}`);
  console.log(`---- job summary (${title}) ----\n${r.summary}`);
  if (r.code !== 0) throw new Error(`${title}: the action exited with ${r.code}`);
  // The demo shows the action used well: a warning here would teach that warnings are noise.
  const warnings = r.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
  if (warnings.length > 0) throw new Error(`${title}: the action warned:\n${warnings.join('\n')}`);
}

const emulator = await startEmulator({ port: 0, buildSeconds: 2 });
const github = await startFakeGithub();
const azurite = await startAzurite();
const results = await startResultsService(azurite);
const eventDir = mkdtempSync(join(tmpdir(), 'hd-demo-event-'));
console.log(`emulator listening on ${emulator.url}; fake GitHub API on ${github.url}\n`);
const credentials = { 'api-user-id': 'demo-user', 'api-password': 'demo-password' };
try {
  console.log(
    '==== 1. push-to-deploy: zip examples/demo-app, create app "shop" and environment "staging", upload, wait',
  );
  const deploy = await runAction({
    workspace,
    echo: true,
    inputs: {
      ...credentials,
      'headless-api-url': emulator.headlessUrl,
      account: 'demo',
      app: 'shop',
      environment: 'staging',
      'cms-environment': 'demostg',
      path: 'examples/demo-app',
      'exclude-from': '.deployignore',
      'env-vars': 'NEXT_PUBLIC_SITE_URL=https://staging.shop.example',
    },
  });
  show('deploy', deploy);
  const upload = emulator.state.uploads.at(-1);
  console.log(`the emulator received ${upload?.entries.length} files: ${upload?.entries.join(', ')}`);

  console.log('\n==== 2. scheduled purge: trigger purge-cache by the whole webhook URL');
  const hooks = (await (
    await fetch(`${emulator.url}/__emulator/environments/${deploy.outputs['environment-id']}/webhooks`)
  ).json()) as { urls: Record<string, string> };
  show('purge', await runAction({ workspace, echo: true, inputs: { 'webhook-url': hooks.urls.purgeCache! } }));

  console.log('\n==== 3. promotion: copy install demostg over demoprod, then deploy to "production" and purge');
  const copy = await runAction({
    workspace,
    echo: true,
    inputs: { ...credentials, 'api-url': emulator.hostingUrl, 'copy-from': 'demostg', 'copy-to': 'demoprod' },
  });
  show('install copy', copy);
  // On GitHub a reviewer approves the deploy job once the copy has finished (see the workflow);
  // the emulator's copy is accepted at once, so the demo goes straight on.
  const promote = {
    ...credentials,
    'headless-api-url': emulator.headlessUrl,
    account: 'demo',
    app: 'shop',
    environment: 'production',
    'cms-environment': 'demoprod',
    path: 'examples/demo-app',
    'exclude-from': '.deployignore',
  };
  const production = await runAction({ workspace, echo: true, inputs: promote });
  show('deploy to production', production);
  // The workflow deploys and purges in one step with the environment's webhook token, copied
  // from the portal once the environment exists; here the emulator's control route stands in.
  const { token } = (await (
    await fetch(`${emulator.url}/__emulator/environments/${production.outputs['environment-id']}/webhooks`)
  ).json()) as { token: string };
  show(
    'deploy and purge',
    await runAction({
      workspace,
      echo: true,
      inputs: { ...promote, deploy: 'true', webhook: 'purge-cache', 'webhook-token': token },
    }),
  );
  console.log('\n==== 4. preview: pull request #1 opened → deploy "pr-1" with a URL and a comment');
  const eventPath = join(eventDir, 'event.json');
  const pullRequest = (action: string) => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    writeFileSync(eventPath, JSON.stringify({ action, number: 1, pull_request: { number: 1, head: { sha } } }));
    return { GITHUB_API_URL: github.url, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath };
  };
  const preview = {
    ...credentials,
    'headless-api-url': emulator.headlessUrl,
    account: 'demo',
    app: 'shop',
    environment: 'pr-1',
    'github-deployment': 'true',
    'pr-comment': 'true',
    'skip-without-credentials': 'true',
  };
  show(
    'preview deploy',
    await runAction({
      workspace,
      echo: true,
      env: pullRequest('opened'),
      inputs: {
        ...preview,
        path: 'examples/demo-app',
        'exclude-from': '.deployignore',
        'environment-url': 'https://{environment}--{app}.preview.example.com',
      },
    }),
  );
  console.log(`---- pull request comment ----\n${github.comments.at(-1)?.body}`);

  console.log('\n==== 5. preview: pull request #1 closed → delete "pr-1", mark its GitHub Deployments inactive');
  show(
    'preview delete',
    await runAction({
      workspace,
      echo: true,
      env: pullRequest('closed'),
      inputs: { ...preview, 'delete-environment': 'true' },
    }),
  );
  console.log(`---- pull request comment (edited in place) ----\n${github.comments.at(-1)?.body}`);
  console.log(
    `GitHub Deployments of pr-1: ${github.deployments.map((d) => `#${d.id} ${d.statuses.map((x) => x.state).join(' → ')}`).join('; ')}; comments on #1: ${github.comments.length}`,
  );

  console.log('\n==== 6. deploy-with-rollback: keep a healthy deploy, then deploy a broken one and roll back');
  const rollbackInputs = {
    ...credentials,
    'headless-api-url': emulator.headlessUrl,
    account: 'demo',
    app: 'shop',
    environment: 'staging',
    path: 'examples/demo-app',
    'exclude-from': '.deployignore',
    'health-url': `${emulator.url}/__sites/{environment-id}/`,
    'health-timeout': '5s',
    'keep-archive': 'true',
    'rollback-on-failure': 'true',
  };
  const kept = await runAction({
    workspace,
    echo: true,
    env: { ...runtimeEnv(results), GITHUB_API_URL: github.url, GITHUB_RUN_ID: '1001' },
    inputs: rollbackInputs,
  });
  show('healthy deploy, kept', kept);
  // On GitHub the artifact is listed at once; here the fake GitHub is told what the keep step uploaded.
  const name = `headless-deploy-shop-${kept.outputs['environment-id']}`;
  github.artifacts.push(
    await listedAsGithubWould(azurite, results, name, { id: Number(kept.outputs['archive-artifact-id']), runId: 1001 }),
  );
  // The same app with a file that makes the emulator's site answer 500: built, but unhealthy.
  const broken = mkdtempSync(join(tmpdir(), 'hd-demo-broken-'));
  cpSync(join(workspace, 'examples/demo-app'), join(broken, 'examples/demo-app'), { recursive: true });
  writeFileSync(join(broken, 'examples/demo-app/HEALTH_FAIL'), 'this build answers 500\n');
  const rolledBack = await runAction({
    workspace: broken,
    echo: true,
    env: { ...runtimeEnv(results), GITHUB_API_URL: github.url, GITHUB_RUN_ID: '1002' },
    inputs: rollbackInputs,
  });
  rmSync(broken, { recursive: true, force: true });
  console.log(`\n---- outputs (broken deploy, rolled back) ----`);
  for (const [k, v] of Object.entries(rolledBack.outputs)) console.log(`${k}=${v}`);
  console.log(`---- job summary (broken deploy, rolled back) ----\n${rolledBack.summary}`);
  if (rolledBack.code !== 1 || rolledBack.outputs.status !== 'rolled-back') {
    throw new Error(
      `rollback: expected a failed run with status rolled-back, got ${rolledBack.code} ${rolledBack.outputs.status}`,
    );
  }
  const siteAnswer = await fetch(`${emulator.url}/__sites/${kept.outputs['environment-id']}/`);
  await siteAnswer.arrayBuffer();
  const live = siteAnswer.headers.get('x-emulator-deployed-sha256');
  console.log(
    `the site answers ${siteAnswer.status}, serving the zip with sha256 ${live} (kept: ${kept.outputs['archive-sha256']}); the run failed as it should (exit ${rolledBack.code})`,
  );
  if (siteAnswer.status !== 200 || live !== kept.outputs['archive-sha256'])
    throw new Error('rollback: the kept zip is not live');

  console.log('\ndemo done: the emulator recorded', {
    apps: emulator.state.apps.length,
    environments: emulator.state.environments.length,
    uploads: emulator.state.uploads.length,
    webhookCalls: emulator.state.webhookCalls.length,
    installCopies: emulator.state.installCopies.length,
  });
} finally {
  await Promise.all([emulator.close(), github.close(), results.close()]);
  await azurite.stop();
  rmSync(eventDir, { recursive: true, force: true });
}

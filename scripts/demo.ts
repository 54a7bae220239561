/**
 * `npm run demo`: starts the emulator, then runs the bundled action as GitHub's runner would,
 * through the three workflows of examples/workflows (deploy; scheduled purge; promotion: copy,
 * deploy to production, purge), and prints what each run wrote as outputs and job summary.
 * Stops the emulator at the end.
 */
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../emulator/index.js';
import { runAction, type RunResult } from './runner.js';

const workspace = fileURLToPath(new URL('..', import.meta.url));

function show(title: string, r: RunResult): void {
  console.log(`\n---- outputs (${title}) ----`);
  for (const [k, v] of Object.entries(r.outputs)) console.log(`${k}=${v}`);
  console.log(`---- job summary (${title}) ----\n${r.summary}`);
  if (r.code !== 0) throw new Error(`${title}: the action exited with ${r.code}`);
}

const emulator = await startEmulator({ port: 0, buildSeconds: 2 });
console.log(`emulator listening on ${emulator.url}\n`);
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
  console.log('\ndemo done: the emulator recorded', {
    apps: emulator.state.apps.length,
    environments: emulator.state.environments.length,
    uploads: emulator.state.uploads.length,
    webhookCalls: emulator.state.webhookCalls.length,
    installCopies: emulator.state.installCopies.length,
  });
} finally {
  await emulator.close();
}

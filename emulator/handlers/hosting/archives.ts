/** GET /v1/installs/{install_id}/archives: the install's archives, states brought up to the clock. */
import { advanceArchive } from '../../store/transitions.js';
import type { Handler } from '../context.js';
import { hostingPage } from '../paginate.js';
import { archiveView } from './archive-view.js';
import { findInstall } from './lookup.js';
import { pageLinkBase } from './page-link-base.js';

export const listArchives: Handler = (ctx) => {
  const install = findInstall(ctx);
  const now = ctx.clock.now();
  const archives = ctx.state.archives.filter((a) => a.install_id === install.id);
  archives.forEach((a) => advanceArchive(a, now));
  const views = archives.map((a) => archiveView(a, install.name));
  return { status: 200, body: hostingPage(views, ctx.query, pageLinkBase(ctx), ctx.name) };
};

/** The `unhealthy` status in the job summary and the pull request comment. */
import { describe, expect, it } from 'vitest';
import { renderPrComment } from '../../src/report/pr-comment.js';
import { renderSummary } from '../../src/report/summary.js';
import { shown } from '../support/markdown-text.js';

describe('unhealthy in the reports', () => {
  it('the summary heads with it and shows the step and its health row', () => {
    const md = renderSummary({
      status: 'unhealthy',
      steps: [
        {
          name: 'deploy',
          outcome: 'unhealthy',
          description: 'deploy the workspace',
          details: [['health', 'unhealthy: answer: 500']],
        },
      ],
      error: 'deploy found the site unhealthy: answer: 500',
    });
    expect(md).toContain('## 🩺 headless-deploy: unhealthy (built, but the site did not answer healthy)');
    expect(md).toContain('| deploy | 🩺 unhealthy |');
    expect(shown(md)).toContain('| deploy: health | unhealthy: answer: 500 |');
  });

  it('the pull request comment says the build is there and the site is not', () => {
    const md = renderPrComment({
      kind: 'deploy',
      status: 'unhealthy',
      app: 'shop',
      environment: 'pr-1',
      updatedAt: '2026-01-01T00:00:00Z',
    });
    expect(md).toContain('### 🩺 Preview **pr-1**: deploy built, but the site is unhealthy');
  });
});

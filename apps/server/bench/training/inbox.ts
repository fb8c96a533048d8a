// bench:training's Response quality inbox (bench/training.ts): pages through the server beside the
// same SQL through `pg` and the service alone.
import { listReviewItemsQuerySchema } from '@conversa/contracts';
import {
  buildReviewItemQueries,
  listReviewItems,
} from '../../src/modules/training/review-items.service.ts';
import { call } from '../support.ts';
import { summarize, time } from './figures.ts';
import { GOALS, type TrainingRun } from './run.ts';

const INBOX_SCENARIOS: { name: string; query: string }[] = [
  { name: 'inbox: newest first', query: '' },
  { name: 'inbox: fallbacks', query: 'decision=fallback' },
  { name: 'inbox: near-ties', query: 'nearTie=true' },
  { name: 'inbox: thumbs down, new', query: 'feedback=down&reviewState=new' },
  { name: 'inbox: sorted by score', query: 'sort=score&order=asc' },
  { name: 'inbox: search "garden"', query: 'search=garden' },
  { name: 'inbox: page 50', query: 'page=50' },
];

/** The inbox pages of each scenario: server, `pg` and service side by side. */
export async function measureInbox(run: TrainingRun): Promise<void> {
  const { studio, direct, dialect, browser, user, storyfileId, figures } = run;
  console.log(`Inbox pages (${run.requests} requests a scenario, after 3 untimed)`);
  for (const scenario of INBOX_SCENARIOS) {
    const queryString = `storyfileId=${storyfileId}&${scenario.query}`;
    const parsed = listReviewItemsQuerySchema.parse(
      Object.fromEntries(new URLSearchParams(queryString)),
    );
    const built = buildReviewItemQueries(user, parsed)!;
    const count = dialect.sqlToQuery(built.count);
    const estimate = dialect.sqlToQuery(built.estimate);
    const page = dialect.sqlToQuery(built.page);
    const viaServer: number[] = [];
    const viaPg: number[] = [];
    const viaService: number[] = [];
    let total = 0;
    let payloadBytes = 0;
    for (let round = -3; round < run.requests; round += 1) {
      const serverMs = await time(async () => {
        total = (
          await call<{ total: number }>(
            browser,
            'GET',
            `/v1/conversa/training/review-items?${queryString}`,
          )
        ).total;
      });
      const pgMs = await time(async () => {
        await Promise.all([
          direct.query(count.sql, count.params),
          direct.query(estimate.sql, estimate.params),
          direct.query(page.sql, page.params),
        ]);
      });
      // The module's own work in this process (its SQL through drizzle, and each row presented),
      // without HTTP: what is left to the server column is the shared request handling.
      const serviceMs = await time(async () => {
        const answer = await listReviewItems(studio.database.db, user, parsed);
        payloadBytes = Buffer.byteLength(JSON.stringify(answer));
      });
      if (round >= 0) {
        viaServer.push(serverMs);
        viaPg.push(pgMs);
        viaService.push(serviceMs);
      }
    }
    const server = summarize(`${scenario.name} (server)`, viaServer, GOALS.inboxP95Ms);
    const sql = summarize(`${scenario.name} (pg)`, viaPg);
    const service = summarize(`${scenario.name} (service)`, viaService);
    figures.push({ ...server, extra: `${total.toLocaleString('en')} matches` }, sql, {
      ...service,
      extra: `${(payloadBytes / 1024).toFixed(1)} KB of JSON a page`,
    });
  }
}

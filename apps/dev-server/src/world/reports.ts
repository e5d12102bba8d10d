/**
 * Reports of one account by another (report_user; our design, SPEC names no report): kept for a
 * moderator in `user_reports`. A reporter who reports the same account again within a day (a double
 * tap, the same call reported twice) is told it is reported and the report is kept once.
 */
import type { ReportUserRequest } from '@vchat/contract'
import type { AppContext } from '../app/context.ts'
import { jidExists } from './anchors.ts'
import { DAY_MS } from './time.ts'

/** A repeat within this window is the same report. */
const REPORT_REPEAT_WINDOW_MS = DAY_MS

export type ReportOutcome = 'filed' | 'repeat' | 'self' | 'unknown'

export function fileReport(app: AppContext, reporterJid: string, report: ReportUserRequest): ReportOutcome {
  if (report.targetJid === reporterJid) return 'self'
  if (!jidExists(app, report.targetJid)) return 'unknown'
  const now = app.now()
  const repeat = app.db
    .prepare('SELECT 1 FROM user_reports WHERE reporter = ? AND target = ? AND reported_at > ?')
    .get(reporterJid, report.targetJid, now - REPORT_REPEAT_WINDOW_MS)
  if (repeat) return 'repeat'
  app.db
    .prepare('INSERT INTO user_reports (reporter, target, reason, detail, sid, reported_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(reporterJid, report.targetJid, report.reason, report.detail?.trim() ?? '', report.sid ?? null, now)
  return 'filed'
}


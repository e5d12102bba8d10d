import { VIRTUAL_STATUS_SCHEDULE } from '../../constants'

export type VirtualStatus = 'sleeping' | 'dining' | 'outdoor' | 'private' | 'offline'

/**
 * SPEC §1 virtual host status at a moment in the viewer's local time: 0:00–8:00 sleeping, 8–9 dining,
 * 9–12 outdoor, 12–13 dining, 13–15 private, 17–18 dining, every other time (15–17, 18–24) offline.
 * Each range includes its start minute and excludes its end minute.
 */
export function virtualStatusAt(date: Date): VirtualStatus {
  const minutes = date.getHours() * 60 + date.getMinutes()
  const slot = VIRTUAL_STATUS_SCHEDULE.find((range) => minutes >= range.from * 60 && minutes < range.to * 60)
  return slot?.status ?? 'offline'
}

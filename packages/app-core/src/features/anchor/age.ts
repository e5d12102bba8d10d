/**
 * SPEC §5 age from a birth date (YYYY-MM-DD or any date the platform parses): whole years, one less
 * while this year's birthday (month/day) has not come yet; -1 if the date is empty, invalid or in the
 * future.
 */
export function ageFromBirthday(birthday: string | null | undefined, now: Date): number {
  if (!birthday) return -1
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday.trim())
  if (!match) return -1
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const date = new Date(year, month - 1, day)
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return -1
  let age = now.getFullYear() - year
  const monthDiff = now.getMonth() + 1 - month
  if (monthDiff < 0 || (monthDiff === 0 && now.getDate() < day)) age -= 1
  return age < 0 ? -1 : age
}

import { MAX_NAME_LENGTH, MAX_USER_ID_LENGTH, MIN_USER_ID_LENGTH } from './constants'

export type PropertyValue =
  | string
  | number
  | boolean
  | Date
  | readonly unknown[]
  | { readonly [key: string]: unknown }

export type Properties = Readonly<Record<string, PropertyValue>>

export interface ValidationError {
  /** Which rule failed. */
  readonly code:
    | 'invalid-event-name'
    | 'invalid-property-name'
    | 'invalid-property-value'
    | 'invalid-user-id'
    | 'counter-not-numeric'
    | 'append-not-array'
  /** The name or property the error is about. */
  readonly subject: string
  readonly message: string
}

/** SPEC §5: starts with a letter; letters, digits and underscores; up to 50 characters. */
const NAME_PATTERN = new RegExp(`^[A-Za-z][A-Za-z0-9_]{0,${MAX_NAME_LENGTH - 1}}$`)

function isValidName(name: unknown): name is string {
  return typeof name === 'string' && NAME_PATTERN.test(name)
}

export function validateEventName(name: unknown): ValidationError | null {
  if (isValidName(name)) return null
  return {
    code: 'invalid-event-name',
    subject: String(name),
    message: `event name must start with a letter and hold only letters, digits and underscores (max ${MAX_NAME_LENGTH})`,
  }
}

export function validatePropertyName(name: unknown): ValidationError | null {
  if (isValidName(name)) return null
  return {
    code: 'invalid-property-name',
    subject: String(name),
    message: `property name must start with a letter and hold only letters, digits and underscores (max ${MAX_NAME_LENGTH})`,
  }
}

/** SPEC §5: a user id is a string of 1–63 characters (counted as Unicode code points). */
export function validateUserId(id: unknown): ValidationError | null {
  if (typeof id === 'string') {
    const length = Array.from(id).length
    if (length >= MIN_USER_ID_LENGTH && length <= MAX_USER_ID_LENGTH) return null
  }
  return {
    code: 'invalid-user-id',
    subject: String(id),
    message: `user id must be a string of ${MIN_USER_ID_LENGTH}-${MAX_USER_ID_LENGTH} characters`,
  }
}

/**
 * SPEC §5: string, number, Date, boolean, array or object. Numbers must be finite and dates
 * valid (neither survives JSON otherwise); `null`, `undefined`, functions, symbols and bigints
 * are refused.
 */
export function isValidPropertyValue(value: unknown): value is PropertyValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value)
    case 'object':
      if (value === null) return false
      if (value instanceof Date) return !Number.isNaN(value.getTime())
      return true
    default:
      return false
  }
}

export function validateProperties(properties: unknown): ValidationError[] {
  if (properties === undefined) return []
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    return [
      {
        code: 'invalid-property-value',
        subject: 'properties',
        message: 'properties must be an object',
      },
    ]
  }
  const errors: ValidationError[] = []
  for (const [name, value] of Object.entries(properties)) {
    const nameError = validatePropertyName(name)
    if (nameError) errors.push(nameError)
    if (!isValidPropertyValue(value)) {
      errors.push({
        code: 'invalid-property-value',
        subject: name,
        message: 'property value must be a string, number, Date, boolean, array or object',
      })
    }
  }
  return errors
}

/** SPEC §5 (strict mode): counter (`userAdd`) values are numbers. */
export function validateCounterValues(properties: Readonly<Record<string, unknown>>): ValidationError[] {
  return Object.entries(properties)
    .filter(([, value]) => typeof value !== 'number' || !Number.isFinite(value))
    .map(([name]) => ({
      code: 'counter-not-numeric' as const,
      subject: name,
      message: 'counter values must be numbers',
    }))
}

/** SPEC §5 (strict mode): append (`userAppend`) values are arrays. */
export function validateAppendValues(properties: Readonly<Record<string, unknown>>): ValidationError[] {
  return Object.entries(properties)
    .filter(([, value]) => !Array.isArray(value))
    .map(([name]) => ({
      code: 'append-not-array' as const,
      subject: name,
      message: 'append values must be arrays',
    }))
}

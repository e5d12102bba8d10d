export type GenderIconProps = {
  gender: 'female' | 'male'
  /** Read out, e.g. "Female"; omit when decorative. */
  label?: string
  size?: number
  className?: string
}

/** Female (♀, circle with a cross) or male (♂, circle with an arrow) sign (SPEC §1). */
export function GenderIcon({ gender, label, size = 16, className }: GenderIconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      className={['vc-icon', `vc-gender vc-gender--${gender}`, className].filter(Boolean).join(' ')}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      data-gender={gender}
    >
      {gender === 'female' ? (
        <>
          <circle cx="12" cy="9" r="6" />
          <path d="M12 15v7M8.5 19h7" />
        </>
      ) : (
        <>
          <circle cx="10" cy="14" r="6" />
          <path d="M14.5 9.5 21 3M15 3h6v6" />
        </>
      )}
    </svg>
  )
}

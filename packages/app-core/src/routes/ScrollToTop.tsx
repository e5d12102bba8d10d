import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router-dom'

/** SPEC §2: every navigation scrolls to the top. */
export function ScrollToTop() {
  const { pathname, search } = useLocation()
  useLayoutEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname, search])
  return null
}

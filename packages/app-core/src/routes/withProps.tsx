import type { ComponentType } from 'react'

/** A screen component with fixed props, for route rows that show one component in several modes. */
export function withProps<P extends object>(Screen: ComponentType<P>, props: P): ComponentType {
  function ScreenWithProps() {
    return <Screen {...props} />
  }
  ScreenWithProps.displayName = `withProps(${Screen.displayName ?? Screen.name})`
  return ScreenWithProps
}

import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { useServices } from '../app/ServicesContext'
import type { Logger } from '../services/types'
import { RouteErrorScreen } from './RouteErrorScreen'

interface BoundaryProps {
  children: ReactNode
  logger: Logger
  /** The location the boundary renders; leaving it gives the next screen a fresh start. */
  resetKey: string
}

interface BoundaryState {
  failed: boolean
  /** Where the failure happened (set once the error is caught). */
  failedKey: string | null
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, failedKey: null }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return state.failed && state.failedKey !== null && state.failedKey !== props.resetKey ? { failed: false, failedKey: null } : null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ failedKey: this.props.resetKey })
    this.props.logger.error('route render failed', {
      error: error instanceof Error ? error.message : String(error),
      componentStack: info.componentStack ?? undefined,
    })
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children
  }
}

/** Catches what a route throws while rendering (including a screen chunk that failed to load) and shows the route error screen. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { logger } = useServices()
  const location = useLocation()
  return (
    <Boundary logger={logger} resetKey={location.pathname}>
      {children}
    </Boundary>
  )
}

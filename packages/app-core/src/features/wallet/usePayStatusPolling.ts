import { useEffect } from 'react'
import { useAppDispatch, useAppStore } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { PAY_STATUS_POLL_MS, PAY_STATUS_TIMEOUT_MS } from './constants'
import { checkOrderStatus, isTerminal, orderTimedOut, selectWallet } from './walletSlice'

/**
 * Asks pay_order_status now and every PAY_STATUS_POLL_MS until the order succeeds, fails or expires,
 * or PAY_STATUS_TIMEOUT_MS pass (the order is then marked timed out), or the server says there is no
 * such order. Uses the services clock.
 */
export function usePayStatusPolling(orderId: string | null): void {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const { clock } = useServices()
  useEffect(() => {
    if (!orderId) return undefined
    const started = clock.now()
    const done = () => {
      const order = selectWallet(store.getState()).orders[orderId]
      return isTerminal(order?.payStatus) || order?.timedOut === true || order?.unknown === true
    }
    if (done()) return undefined
    void dispatch(checkOrderStatus(orderId))
    const handle = clock.setInterval(() => {
      if (done()) return clock.clearInterval(handle)
      if (clock.now() - started >= PAY_STATUS_TIMEOUT_MS) {
        dispatch(orderTimedOut(orderId))
        return clock.clearInterval(handle)
      }
      void dispatch(checkOrderStatus(orderId))
    }, PAY_STATUS_POLL_MS)
    return () => clock.clearInterval(handle)
  }, [orderId, clock, dispatch, store])
}

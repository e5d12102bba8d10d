import { lazy, Suspense } from 'react'

// The store's packages, channels and checkout load when the user opens it, not with the page that
// offers it (the header's balance, the personal home).
const CoinStorePanel = lazy(() => import('./CoinStore').then((m) => ({ default: m.CoinStorePanel })))

/** The coin store sheet, loaded on demand: nothing is rendered (or fetched) until `open`. */
export function LazyCoinStorePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <CoinStorePanel open onClose={onClose} />
    </Suspense>
  )
}

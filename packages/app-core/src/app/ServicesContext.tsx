import { createContext, useContext } from 'react'
import type { Services } from '../services/types'

const ServicesContext = createContext<Services | null>(null)

export const ServicesProvider = ServicesContext.Provider

/** The services container (brand, clock, auth options…) for components that need more than the store. */
export function useServices(): Services {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices must be used inside <AppProviders>')
  return services
}

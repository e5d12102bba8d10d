import { brandConfig } from '@vchat/brand-second'
import { createAppViteConfig } from '@vchat/app-core/vite'

export default createAppViteConfig({ brand: brandConfig, port: 5173 })

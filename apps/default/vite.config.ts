import { brandConfig } from '@vchat/brand-default'
import { createAppViteConfig } from '@vchat/app-core/vite'

export default createAppViteConfig({ brand: brandConfig, port: 5174 })

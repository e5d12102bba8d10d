import { brandConfig } from '@vchat/brand-third'
import { createAppViteConfig } from '@vchat/app-core/vite'

export default createAppViteConfig({ brand: brandConfig, port: 5175 })

import { brandConfig } from '@vchat/brand-third'
import { mountApp } from '@vchat/app-core'

void mountApp(brandConfig)

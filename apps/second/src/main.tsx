import { brandConfig } from '@vchat/brand-second'
import { mountApp } from '@vchat/app-core'

void mountApp(brandConfig)

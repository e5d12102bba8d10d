import '@vchat/ui/styles.css'
import '@vchat/app-core/styles.css'
import { mountApp } from '@vchat/app-core'
import { brandConfig } from './brand'
import { installedPackages, packageReport } from './packageReport'

document.documentElement.dataset.vchatPackages = packageReport()
document.documentElement.dataset.vchatVersions = installedPackages()
void mountApp(brandConfig)

export { CcpaBanner } from './ccpa-banner';
export { ConsentBanner } from './consent-banner';
export { consentBanner, consentStore, createConsentStore, useConsent, type ConsentChoice, type ConsentStoreApi } from './consent-store';
export { CONSENT_POLL_MS, CONSENT_TIMEOUT_MS, purposeOneConsented, readConsent, siteConsentSource, tcfSource, TRACKING_PURPOSE } from './consent-source';
export {
  doNotSell, isCcpa, privacyRegion, readUsPrivacy, STATE_POLICY_PAGES, statePolicyPage, trackingAllowed, USPRIVACY_COOKIE, USPRIVACY_DEFAULT,
  USPRIVACY_NOTICE_GIVEN, USPRIVACY_OPTED_OUT, writeUsPrivacy, type PrivacyRegion,
} from './privacy';

export { CcpaBanner } from './ccpa-banner';
export {
  doNotSell, isCcpa, privacyRegion, readUsPrivacy, trackingAllowed, USPRIVACY_COOKIE, USPRIVACY_DEFAULT, USPRIVACY_NOTICE_GIVEN,
  USPRIVACY_OPTED_OUT, writeUsPrivacy, type PrivacyRegion,
} from './privacy';

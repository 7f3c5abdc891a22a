import type { CaptureApi } from '../capture-api';

export interface CaptureWidgetProps {
  /** Signed-in calls on /kyc/identity, capture-token calls on /kyc/continue. */
  api: CaptureApi;
  /** The document's issuing country to start with (the user's country), if known. */
  defaultCountry: string | null;
  /** The capture device's id (letters, digits, '.', '_', ':', '-'). */
  deviceId: string;
  /** The capture was recorded (or had been already): called once. */
  onSubmitted(): void;
  /** The credentials were refused (401): the phone's capture token expired, or the session ended. */
  onUnauthorized?(): void;
  /** A way back (to the phone entry screen) when there is one. */
  onBack?(): void;
}

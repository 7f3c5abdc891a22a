export { IdentityStep, type IdentityStepProps } from './identity-step';
export { ContinueOnPhonePage } from './continue-on-phone-page';

export { BasicDetailsStep } from './basic-details-step';
export { LocationStep } from './location-step';
export { CountryPicker, type CountryPickerProps } from './country-picker';
export { resetKycDetailsDraft } from './draft';

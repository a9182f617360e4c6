import {
  creatorFieldLabel,
  ERROR_CODES,
  invalidFieldsMessage,
  type CreatorDetails,
  type FieldError,
} from '@platform/shared';
import { AppError } from '../../errors';
import type { CreatorDetailsColumns } from '../creator/creator.service';

/**
 * A 422 listing the details refused (SPEC §5), named as the creator's own form names them; the audience
 * cluster, which that form does not have, as the console does.
 */
export function invalidDetails(details: FieldError[]): AppError {
  const labels = details.map((detail) =>
    detail.field === 'audienceClusterId' ? 'Audience cluster' : creatorFieldLabel(detail.field),
  );
  return new AppError(422, ERROR_CODES.invalidFields, invalidFieldsMessage([...new Set(labels)]), details);
}

/** The stored form of the details, as the creator's own profile form stores them. */
export function detailsColumns(
  details: CreatorDetails,
  audienceClusterId: string | null,
  now: Date,
): CreatorDetailsColumns {
  const { address } = details;
  return {
    firstName: details.firstName,
    lastName: details.lastName,
    dateOfBirth: details.dateOfBirth,
    gender: details.gender,
    dialCode: details.dialCode,
    mobile: details.mobile.replace(/\s+/g, ''),
    country: address.country,
    addressLine1: address.line1,
    addressLine2: address.line2 || null,
    city: address.city,
    stateProvince: address.stateProvince
      ? address.country === 'US'
        ? address.stateProvince.toUpperCase()
        : address.stateProvince
      : null,
    postcode: address.postcode.toUpperCase(),
    audienceClusterId,
    updatedAt: now,
  };
}

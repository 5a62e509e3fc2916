import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { deleteFailureMessage, deleteQuestion, formMode, rowActions, saveFailureMessage } from './admin-rules';

describe('formMode', () => {
  it('is Add or Edit with Write, by whether there is an id, and View without Write', () => {
    expect(formMode(true, false)).toBe('Add');
    expect(formMode(true, true)).toBe('Edit');
    expect(formMode(false, true)).toBe('View');
    expect(formMode(false, false)).toBe('View');
  });

  it('is View for the caller’s own record even with Write', () => {
    expect(formMode(true, true, true)).toBe('View');
  });
});

describe('rowActions', () => {
  it('offers Edit with Write and View without it', () => {
    expect(rowActions({ canWrite: true, canDelete: false })).toEqual({ edit: true, view: false, delete: false });
    expect(rowActions({ canWrite: false, canDelete: false })).toEqual({ edit: false, view: true, delete: false });
  });

  it('offers Delete only with Delete', () => {
    expect(rowActions({ canWrite: true, canDelete: true }).delete).toBe(true);
    expect(rowActions({ canWrite: false, canDelete: true })).toEqual({ edit: false, view: true, delete: true });
  });

  it('gives the signed-in user’s own row View and no Delete', () => {
    expect(rowActions({ canWrite: true, canDelete: true, ownRow: true })).toEqual({
      edit: false,
      view: true,
      delete: false,
    });
  });
});

describe('deleteFailureMessage', () => {
  it('gives a 409’s own reason', () => {
    const refused = new ApiError(409, '/api/sites/4', {
      statusCode: 409,
      error: 'Conflict',
      message: 'This site still has 3 devices and contracts. Move them to another site first.',
      code: 'site_has_endpoints',
    });
    expect(deleteFailureMessage(refused)).toBe(
      'This site still has 3 devices and contracts. Move them to another site first.',
    );
  });

  it('gives a 400’s own reason: a record holding more than the caller', () => {
    const refused = new ApiError(400, '/api/users/1', {
      statusCode: 400,
      error: 'Bad Request',
      message: 'This user holds Manage sites (Delete), which you do not hold',
      code: 'validation_failed',
    });
    expect(deleteFailureMessage(refused)).toBe('This user holds Manage sites (Delete), which you do not hold');
    expect(saveFailureMessage(refused)).toBe('This user holds Manage sites (Delete), which you do not hold');
  });

  it('gives the generic failure for anything else', () => {
    const failed = new ApiError(500, '/api/sites/4', { statusCode: 500, error: 'Internal', message: 'boom' });
    expect(deleteFailureMessage(failed)).toBe(NOTIFICATION_MESSAGES.unexpectedError);
    expect(saveFailureMessage(failed)).toBe(NOTIFICATION_MESSAGES.unexpectedError);
    expect(deleteFailureMessage(new TypeError('Failed to fetch'))).toBe(NOTIFICATION_MESSAGES.unexpectedError);
    expect(deleteFailureMessage(new ApiError(409, '/api/sites/4', undefined))).toBe(
      NOTIFICATION_MESSAGES.unexpectedError,
    );
  });
});

it('asks about the row by name', () => {
  expect(deleteQuestion('Leeds Depot')).toBe('Are you sure you want to delete Leeds Depot?');
});

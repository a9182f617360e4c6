import { describe, expect, it } from 'vitest';
import { changedFields, valueText } from './changes';

describe('changedFields', () => {
  it('lists only the fields that changed, with their values before and after', () => {
    expect(
      changedFields(
        { name: 'Fall', countries: ['GB'], active: true },
        { name: 'Autumn', countries: ['GB'], active: false },
      ),
    ).toEqual([
      { field: 'name', before: 'Fall', after: 'Autumn' },
      { field: 'active', before: 'true', after: 'false' },
    ]);
  });

  it('shows every field of a record created or deleted, on its own side', () => {
    expect(changedFields(null, { name: 'North' })).toEqual([{ field: 'name', before: null, after: 'North' }]);
    expect(changedFields({ name: 'North' }, null)).toEqual([{ field: 'name', before: 'North', after: null }]);
    expect(changedFields(null, null)).toEqual([]);
  });

  it('tells a field added or removed from one set to null', () => {
    expect(changedFields({ label: 'x' }, { label: null, infoContent: 'y' })).toEqual([
      { field: 'label', before: 'x', after: 'null' },
      { field: 'infoContent', before: null, after: 'y' },
    ]);
  });
});

describe('valueText', () => {
  it('writes text as it is, other values as compact JSON, and cuts long ones', () => {
    expect(valueText('North')).toBe('North');
    expect(valueText(3)).toBe('3');
    expect(valueText([{ id: 'a' }])).toBe('[{"id":"a"}]');
    expect(valueText('x'.repeat(200))).toBe(`${'x'.repeat(79)}…`);
  });
});

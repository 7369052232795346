import { useT } from '../../i18n/screens';
import { useId } from 'react';
import type { Organization } from '../../../shared/protocol';
import { Avatar } from '../../ui/avatar';

interface OrganizationPickerProps {
  list: readonly Organization[];
  value: string | null;
  onChange: (orgId: string) => void;
}

/** The organizations as one radio group (arrow keys move the choice); each option is named by its company name. */
export function OrganizationPicker({ list, value, onChange }: OrganizationPickerProps) {
  const t = useT();
  const prefix = useId();
  return (
    <fieldset className="choice-group" role="radiogroup" aria-labelledby={`${prefix}-legend`}>
      <legend id={`${prefix}-legend`} className="choice-legend">
        {t('workspace.organization')}
      </legend>
      <div className="org-options">
        {list.map((org, index) => {
          const nameId = `${prefix}-org-${index}`;
          return (
            <label key={org._id} className="choice">
              {/* Named by the company name alone: the logo's alt text repeats it. */}
              <input
                className="choice-input"
                type="radio"
                name="organization"
                value={org.orgId}
                checked={org.orgId === value}
                onChange={() => onChange(org.orgId)}
                aria-labelledby={nameId}
              />
              <span className="choice-card org-card">
                <Avatar name={org.company} image={org.logoURL} />
                <span id={nameId} className="org-name">
                  {org.company}
                </span>
                <span className="choice-check" aria-hidden="true" />
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

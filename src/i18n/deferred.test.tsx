import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../offline/test-support.ts';
import { useDeferredTranslation } from './index.ts';

function Texts() {
  const { t } = useDeferredTranslation();
  return (
    <p>
      {t('ConfigProblem.NotJson', { file: '/config.json' })} | {t('WebsiteConfigNotFound')}
    </p>
  );
}

describe('useDeferredTranslation', () => {
  beforeAll(initTestI18n);

  it("reads a part's own texts, then falls back to the start's for shared ones", () => {
    render(<Texts />);
    expect(screen.getByRole('paragraph').textContent).toBe('The configuration file /config.json is not valid JSON. | Website information not found');
  });
});

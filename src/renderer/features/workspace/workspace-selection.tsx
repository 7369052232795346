import { tEnglish, useT } from '../../i18n/screens';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { accessibleProducts, PRODUCT_LABELS, type ProductKey } from '../../../shared/products';
import type { Organization } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { platform } from '../../platform';
import { LogoutButton } from '../../session/logout-button';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { OrganizationPicker } from './organization-picker';
import { ProductPicker } from './product-picker';
import { organizationSelected } from '../menu/active-organization';
import { rememberLogo } from './remember-logo';
import { accessibleChoices, initialOrgId, initialProduct, type ProductChoice } from './workspace-logic';

interface WorkspaceSelectionProps {
  list: Organization[];
  activeOrgId: string | null;
  busy: boolean;
  error: string | null;
  onNext: (choice: ProductChoice) => void;
  onReload: () => void;
}

/** 'Select Organization': organizations, product tiles (web only), Next, and the multi-factor setup link. */
export function WorkspaceSelection({ list, activeOrgId, busy, error, onNext, onReload }: WorkspaceSelectionProps) {
  const t = useT();
  const [orgId, setOrgId] = useState(() => initialOrgId(list, activeOrgId));
  const org = list.find((item) => item.orgId === orgId) ?? list[0];
  const [product, setProduct] = useState<ProductKey | null>(() => (org ? initialProduct(org, platform.flavor) : null));

  if (!org || accessibleChoices(list).length === 0) return <NoProductAccess onReload={onReload} fullPage />;

  const products = accessibleProducts(org);
  // The desktop apps open their own product; only the browser offers the tiles.
  const showTiles = platform.flavor === 'web';

  const selectOrg = (nextOrgId: string) => {
    setOrgId(nextOrgId);
    // The menu's products follow the organization chosen here.
    organizationSelected(nextOrgId);
    const nextOrg = list.find((item) => item.orgId === nextOrgId);
    setProduct(nextOrg ? initialProduct(nextOrg, platform.flavor) : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!product || busy) return;
    rememberLogo(org);
    onNext({ orgId: org.orgId, product });
  };

  return (
    <form className="workspace" onSubmit={submit} noValidate>
      <header className="screen-header">
        <h1>{t('workspace.title')}</h1>
        <p className="lead">
          {product
            ? t('workspace.leadProduct', { product: PRODUCT_LABELS[product] })
            : t('workspace.lead')}
        </p>
      </header>
      <OrganizationPicker list={list} value={org.orgId} onChange={selectOrg} />
      {org.isCompanyMFA ? (
        <p className="form-aside">
          <Link to="/setup-multi-factor">{t('workspace.updateMfa')}</Link>
        </p>
      ) : null}
      {products.length === 0 ? (
        <NoProductAccess onReload={onReload} />
      ) : showTiles ? (
        <ProductPicker products={products} value={product} onChange={setProduct} />
      ) : null}
      <AlertMessage message={error} />
      <div className="actions">
        <LogoutButton />
        <Button type="submit" loading={busy} disabled={!product}>
          {t('workspace.next')}
        </Button>
      </div>
    </form>
  );
}

/** 'Oops!' when the selected organization opens no product; with `fullPage`, when no organization opens any. */
function NoProductAccess({ onReload, fullPage = false }: { onReload: () => void; fullPage?: boolean }) {
  const t = useT();
  const Heading = fullPage ? 'h1' : 'h2';
  return (
    <section className={fullPage ? 'oops' : 'oops oops-inline'} aria-labelledby="no-product-access-title">
      <Heading id="no-product-access-title">{t('workspace.oops')}</Heading>
      <p>{tEnglish(MESSAGES.noProductAccess)}</p>
      <div className="actions">
        {fullPage ? <LogoutButton /> : null}
        <Button variant={fullPage ? 'primary' : 'secondary'} onClick={onReload}>
          {t('workspace.reload')}
        </Button>
      </div>
    </section>
  );
}

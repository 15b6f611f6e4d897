import { createStore } from 'zustand/vanilla';
import { type KeyValueStorage, readItem } from '../../lib/storage.ts';

/**
 * How the shopper wants this cart delivered (docs/product.md#local-storage, `checkoutChoice`: delivery
 * type, address, parcel locker, vehicle number, the validated cart). Kept on the device so /MyCart
 * and /procced agree and a reload loses nothing; cleared when an order is placed
 * (docs/product.md#placing-an-order).
 */

export type DeliveryType = 'home' | 'locker' | 'curbside';

export interface AlternatePickup {
  name: string;
  phone: string;
}

export interface CheckoutChoice {
  selectedDeliveryType: DeliveryType | null;
  /** The saved address chosen for home delivery. */
  deliveryAddress: string | null;
  /** The parcel-locker site chosen. */
  parcelLockerDetails: string | null;
  vehicleNo: string;
  alternatePickup: AlternatePickup | null;
  /** The cart as it was when it last passed validation (a fingerprint), or null. */
  myCartValidateCartDetails: string | null;
  /** The shop is closed: order now for when it opens (paid now, accepted at opening). */
  whenShopOpens: boolean;
  /** A note for the shop, written on the pay page ("ring twice"); sent with the order. */
  notes: string;
}

export const CHECKOUT_STORAGE_KEY = 'checkoutChoice';

export const EMPTY_CHOICE: CheckoutChoice = {
  selectedDeliveryType: null,
  deliveryAddress: null,
  parcelLockerDetails: null,
  vehicleNo: '',
  alternatePickup: null,
  myCartValidateCartDetails: null,
  whenShopOpens: false,
  notes: '',
};

function load(storage: KeyValueStorage): CheckoutChoice {
  const raw = readItem(storage, CHECKOUT_STORAGE_KEY);
  if (!raw) return EMPTY_CHOICE;
  try {
    const parsed = JSON.parse(raw) as Partial<CheckoutChoice>;
    const type = parsed.selectedDeliveryType;
    return {
      selectedDeliveryType: type === 'home' || type === 'locker' || type === 'curbside' ? type : null,
      deliveryAddress: typeof parsed.deliveryAddress === 'string' ? parsed.deliveryAddress : null,
      parcelLockerDetails: typeof parsed.parcelLockerDetails === 'string' ? parsed.parcelLockerDetails : null,
      vehicleNo: typeof parsed.vehicleNo === 'string' ? parsed.vehicleNo : '',
      alternatePickup:
        parsed.alternatePickup && typeof parsed.alternatePickup.name === 'string'
          ? { name: parsed.alternatePickup.name, phone: String(parsed.alternatePickup.phone ?? '') }
          : null,
      myCartValidateCartDetails:
        typeof parsed.myCartValidateCartDetails === 'string' ? parsed.myCartValidateCartDetails : null,
      whenShopOpens: parsed.whenShopOpens === true,
      notes: typeof parsed.notes === 'string' ? parsed.notes : '',
    };
  } catch {
    return EMPTY_CHOICE;
  }
}

export function createCheckoutStore(storage: KeyValueStorage) {
  const store = createStore<CheckoutChoice>(() => load(storage));
  store.subscribe((state) => {
    try {
      storage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // kept in memory only
    }
  });
  return Object.assign(store, {
    update(patch: Partial<CheckoutChoice>) {
      store.setState(patch);
    },
    /**
     * docs/product.md#placing-an-order: success clears the addresses chosen, the validated cart and the
     * locker choice.
     */
    clearAfterOrder() {
      store.setState({
        deliveryAddress: null,
        parcelLockerDetails: null,
        myCartValidateCartDetails: null,
        whenShopOpens: false,
        notes: '',
      });
    },
  });
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;

/**
 * The choice for a cart whose shop offers `offered`: a delivery type chosen for an earlier shop that
 * this one does not offer is dropped (with what it needed), so the shopper chooses again instead of
 * meeting "This shop does not offer that kind of delivery" at the end. Unchanged when still offered.
 */
export function withOfferedTypes(choice: CheckoutChoice, offered: readonly DeliveryType[]): CheckoutChoice {
  const type = choice.selectedDeliveryType;
  if (type === null || offered.includes(type)) return choice;
  return { ...choice, selectedDeliveryType: null, myCartValidateCartDetails: null };
}

/**
 * The address home delivery goes to, once the shopper's saved addresses are known: the one just
 * saved from the cart's "Add an address" (`justSaved`), else the one already chosen while it still
 * exists, else the default, else the only one. Unchanged (the same object) when nothing moves.
 */
export function withSavedAddress(
  choice: CheckoutChoice,
  addresses: readonly { id: string; isDefault: boolean }[],
  justSaved: string | null = null,
): CheckoutChoice {
  const has = (id: string | null) => id !== null && addresses.some((a) => a.id === id);
  const next = has(justSaved)
    ? justSaved
    : has(choice.deliveryAddress)
      ? choice.deliveryAddress
      : (addresses.find((a) => a.isDefault)?.id ?? (addresses.length === 1 ? addresses[0]!.id : null));
  return next === choice.deliveryAddress ? choice : { ...choice, deliveryAddress: next };
}

/** What is still missing before this choice can be priced and paid; empty when complete. */
export function missingForChoice(
  choice: CheckoutChoice,
): ('type' | 'address' | 'locker' | 'vehicle' | 'altPhone')[] {
  switch (choice.selectedDeliveryType) {
    case null:
      return ['type'];
    case 'home':
      return choice.deliveryAddress ? [] : ['address'];
    case 'locker':
      return choice.parcelLockerDetails ? [] : ['locker'];
    case 'curbside': {
      const alt = choice.alternatePickup;
      if (!isVehicleNo(choice.vehicleNo)) return ['vehicle'];
      return alt?.name.trim() && !isMobile(alt.phone) ? ['altPhone'] : [];
    }
  }
}

/** The vehicle number as the server stores it: upper case, no spaces or dashes. */
export function bareVehicleNo(text: string): string {
  return text.trim().toUpperCase().replace(/[\s-]/g, '');
}

/** An Indian registration number such as TN 67 AB 1234 (the shared orders schema's rule). */
export function isVehicleNo(text: string): boolean {
  return /^[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{1,4}$/.test(bareVehicleNo(text));
}

/** A 10-digit Indian mobile number, with or without +91 / spaces. */
export function isMobile(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  const local = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  return /^[6-9]\d{9}$/.test(local);
}

/** The order request's delivery part for a complete choice. */
export function deliveryPartOf(
  choice: CheckoutChoice,
):
  | { deliveryType: 'home'; addressId: string }
  | { deliveryType: 'locker'; siteId: string }
  | { deliveryType: 'curbside'; vehicleNo: string; alternatePickup?: AlternatePickup }
  | null {
  if (missingForChoice(choice).length > 0) return null;
  switch (choice.selectedDeliveryType) {
    case 'home':
      return { deliveryType: 'home', addressId: choice.deliveryAddress! };
    case 'locker':
      return { deliveryType: 'locker', siteId: choice.parcelLockerDetails! };
    case 'curbside':
      return {
        deliveryType: 'curbside',
        vehicleNo: bareVehicleNo(choice.vehicleNo),
        ...(choice.alternatePickup?.name.trim() && {
          alternatePickup: {
            name: choice.alternatePickup.name.trim(),
            phone: choice.alternatePickup.phone.trim(),
          },
        }),
      };
    default:
      return null;
  }
}

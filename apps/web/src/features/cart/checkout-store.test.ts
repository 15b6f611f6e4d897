import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage.ts';
import {
  CHECKOUT_STORAGE_KEY,
  createCheckoutStore,
  deliveryPartOf,
  EMPTY_CHOICE,
  isVehicleNo,
  missingForChoice,
  withOfferedTypes,
  withSavedAddress,
} from './checkout-store.ts';

describe('the address chosen for home delivery', () => {
  const home = { id: 'home', isDefault: false };
  const office = { id: 'office', isDefault: true };
  const chosen = (deliveryAddress: string | null) => ({ ...EMPTY_CHOICE, deliveryAddress });
  it('is the one just saved from the cart, default or not', () => {
    expect(withSavedAddress(chosen('office'), [home, office], 'home').deliveryAddress).toBe('home');
    expect(withSavedAddress(chosen(null), [office], 'office').deliveryAddress).toBe('office');
  });
  it('stays as chosen while it exists; else the default, else the only one, else none', () => {
    const kept = chosen('home');
    expect(withSavedAddress(kept, [home, office])).toBe(kept);
    expect(withSavedAddress(chosen(null), [home, office]).deliveryAddress).toBe('office');
    expect(withSavedAddress(chosen('deleted'), [home, office]).deliveryAddress).toBe('office');
    expect(withSavedAddress(chosen(null), [home]).deliveryAddress).toBe('home');
    expect(withSavedAddress(chosen(null), [home, { id: 'b', isDefault: false }]).deliveryAddress).toBeNull();
    expect(withSavedAddress(chosen('deleted'), []).deliveryAddress).toBeNull();
  });
});

describe('checkout choice', () => {
  it('says what is missing before the price can be shown', () => {
    expect(missingForChoice(EMPTY_CHOICE)).toEqual(['type']);
    expect(missingForChoice({ ...EMPTY_CHOICE, selectedDeliveryType: 'home' })).toEqual(['address']);
    expect(missingForChoice({ ...EMPTY_CHOICE, selectedDeliveryType: 'locker' })).toEqual(['locker']);
    expect(
      missingForChoice({ ...EMPTY_CHOICE, selectedDeliveryType: 'curbside', vehicleNo: 'TN 6' }),
    ).toEqual(['vehicle']);
    expect(
      missingForChoice({
        ...EMPTY_CHOICE,
        selectedDeliveryType: 'curbside',
        vehicleNo: 'TN 67 AB 1234',
        alternatePickup: { name: 'Ravi', phone: '12' },
      }),
    ).toEqual(['altPhone']);
  });

  it('builds the delivery part of the order', () => {
    expect(deliveryPartOf({ ...EMPTY_CHOICE, selectedDeliveryType: 'home', deliveryAddress: 'a1' })).toEqual({
      deliveryType: 'home',
      addressId: 'a1',
    });
    expect(
      deliveryPartOf({
        ...EMPTY_CHOICE,
        selectedDeliveryType: 'curbside',
        vehicleNo: 'tn 67-ab 1234',
        alternatePickup: { name: ' Ravi ', phone: '98765 43210' },
      }),
    ).toEqual({
      deliveryType: 'curbside',
      vehicleNo: 'TN67AB1234',
      alternatePickup: { name: 'Ravi', phone: '98765 43210' },
    });
    expect(deliveryPartOf({ ...EMPTY_CHOICE, selectedDeliveryType: 'locker' })).toBeNull();
  });

  it('knows vehicle numbers', () => {
    expect(isVehicleNo('TN 67 AB 1234')).toBe(true);
    expect(isVehicleNo('tn67ab1234')).toBe(true);
    expect(isVehicleNo('TN 67 1234')).toBe(true);
    expect(isVehicleNo('12345')).toBe(false);
  });

  it('is kept across reloads and cleared after an order (docs/product.md#placing-an-order)', () => {
    const storage = memoryStorage();
    const store = createCheckoutStore(storage);
    store.update({
      selectedDeliveryType: 'locker',
      parcelLockerDetails: 'bus-stand',
      myCartValidateCartDetails: 'x',
      notes: 'Ring twice',
    });
    const again = createCheckoutStore(storage);
    expect(again.getState()).toMatchObject({
      selectedDeliveryType: 'locker',
      parcelLockerDetails: 'bus-stand',
      notes: 'Ring twice',
    });
    again.clearAfterOrder();
    expect(JSON.parse(storage.getItem(CHECKOUT_STORAGE_KEY)!)).toMatchObject({
      selectedDeliveryType: 'locker',
      parcelLockerDetails: null,
      deliveryAddress: null,
      myCartValidateCartDetails: null,
      notes: '',
    });
  });
});

describe('a cart from another shop', () => {
  const locker = {
    ...EMPTY_CHOICE,
    selectedDeliveryType: 'locker' as const,
    parcelLockerDetails: 'bus-stand',
  };

  it('drops a delivery type the new shop does not offer, so it is chosen again', () => {
    const next = withOfferedTypes(locker, ['curbside']);
    expect(next.selectedDeliveryType).toBeNull();
    expect(missingForChoice(next)).toEqual(['type']);
    const home = withOfferedTypes(
      { ...EMPTY_CHOICE, selectedDeliveryType: 'curbside', vehicleNo: 'TN67AB1234' },
      ['home'],
    );
    expect(home.selectedDeliveryType).toBeNull();
  });

  it('keeps a type the shop offers, unchanged', () => {
    expect(withOfferedTypes(locker, ['home', 'locker'])).toBe(locker);
    expect(withOfferedTypes(EMPTY_CHOICE, ['home'])).toBe(EMPTY_CHOICE);
  });
});

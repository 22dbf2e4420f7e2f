/** Pages that stay open while the active company's subscription is locked (spec core §4). */
export const subscriptionPaths: readonly string[] = ['/subscription-suspended', '/subscription', '/payment'];

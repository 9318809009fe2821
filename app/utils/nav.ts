/** The highlight rule: a link is current when the path starts with it; "/" only on "/". */
export function isNavLinkCurrent(pathname: string, to: string): boolean {
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}

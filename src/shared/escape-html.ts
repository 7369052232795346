/** Text made safe to put in HTML, as element content or a quoted attribute value: `& < > " '` become character references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

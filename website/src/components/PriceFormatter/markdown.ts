/**
 * The markdown form of `PriceFormatter` (./index.tsx): what the interactive formatter is, the price it
 * starts with (./example.ts) and what it shows for it (`formatPrice`), and where to use it.
 * Registered in ../markdown.ts.
 */
import {markdownCode, markdownText, type ComponentForms} from '@portal/content';
import {startingCurrency, startingPrice} from './example';
import {formatPrice} from './formatPrice';

export const priceFormatterMarkdown: ComponentForms = {
  PriceFormatter: ({page}) => {
    const formatted = formatPrice(startingPrice.amount, startingPrice.unit, startingCurrency) ?? '';
    return [
      `_On [this page](pathname://${page}), an interactive formatter: a price (its ${markdownCode('amount')} and ${markdownCode('unit')}) and a currency's formatting fields, which you edit, and the price formatted with them. It starts with ${markdownCode(startingPrice.amount)} in ${markdownCode(startingPrice.unit)} and the ${markdownCode(startingCurrency.code)} fields of the culture API's example currencies, and shows:_`,
      '',
      `**Formatted: ${markdownText(formatted)}**`,
    ].join('\n');
  },
};

import { describeWidgetGallery } from './support/gallery';

describeWidgetGallery('phone', 390, 844);
